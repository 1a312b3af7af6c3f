"""The table: a host and its peers over trio, signed records, commit-reveal chance, mDNS."""
