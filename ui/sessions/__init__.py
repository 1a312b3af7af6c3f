"""The window's side of a table, whoever runs it: the seam the scenes read (view), a table against
the computer hosted in-process (local), and friends tables hosted or joined over the network. No pygame here."""
