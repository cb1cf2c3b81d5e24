"""The balance lab: parameter sweeps, restricted play (ability values), reports and plots."""
