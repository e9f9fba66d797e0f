"""attnlogic.automata"""
