"""The dice battle of Risk: rules, single-roll distributions, battles and tables."""
