"""Experiments that play new games to answer a question: who beats whom, where a knob is fair, what a card is
worth (questions), the skill ladder (ladder), one question under every data set and lineup (variations) or
every perturbed ASSUMED table (sensitivity), and the flagship answers at every rung of the ladder (answers).
asked/ registers the questions robustness, sensitivity and answers can ask.
"""
