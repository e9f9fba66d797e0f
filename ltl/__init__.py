"""attnlogic.ltl"""
