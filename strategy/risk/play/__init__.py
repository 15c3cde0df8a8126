"""How to play a Risk battle: strategy matrices, dice policies and rules of thumb."""
