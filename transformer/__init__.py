"""attnlogic.transformer"""
