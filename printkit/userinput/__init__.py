"""What a user's bytes may be, checked in one place: files a user names (regular files only, read within a
size bound), text (no control characters; long values quoted short in messages) and TOML/JSON documents
(bounded nesting, 64-bit TOML integers)."""
