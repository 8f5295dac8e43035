"""Pagemark's training code as one package: run from the repository root as `python -m training.<module>`
(Debian's /usr/bin/python3), so scripts share code by import, not by editing sys.path."""
