"""What produces bots: a tuned preset chosen by black-box optimisation (tune, its files written by tune_output),
a learned value of positions from self-play (learn) and a student policy distilled from a strong player (distil,
its optional hidden layer fitted by student_net). Each writes the model or preset a player code reads, with its own
report.
"""
