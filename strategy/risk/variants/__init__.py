"""Transforms of a battle's outcome distribution that editions apply (Balanced Blitz)."""
