"""Finding tables on the local network: the mDNS advert (python-zeroconf), its TXT record, browsing,
and the network interfaces a table may use."""
