"""attnlogic.rmt"""
