"""The trio adapters around the core: secure streams over TCP, the host's server, the peer's client,
the table driver that runs a host core in real time, and the follower that takes a lost table over."""
