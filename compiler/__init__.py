"""attnlogic.compiler"""
