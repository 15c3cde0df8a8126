"""The fast Risk kernels, one module for each thing computed: classic and optimal tables,
float and exact, over one shared geometry of anti-diagonals."""
