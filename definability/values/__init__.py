"""What answers are made of: verdicts and results (results.py), witness pairs
(witnesses.py), the pumped families of the subregular classes (pumped.py).  Imports no other room."""
