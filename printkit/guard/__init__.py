"""A designer's code under guard: limits (:mod:`~printkit.guard.limits`), the watchdog that stops a call past them
(:mod:`~printkit.guard.watchdog`) and the processes that end one stuck where no thread can reach it
(:mod:`~printkit.guard.supervisor`)."""
