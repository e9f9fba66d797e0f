-- The automaton of a pleb program as the Language Toolkit reads it (LTK.Porters.Pleb.readPleb),
-- one line per fact: "alphabet SYM...", "initial Q", "final Q", "arc Q sym:SYM R" or
-- "arc Q eps R"; "error MESSAGE" when LTK refuses the program.  Built and run by
-- make_ltk_answers.py beside this file.


import LTK.Porters.Pleb (readPleb)
import LTK.FSA
import qualified Data.Set as Set
import System.Environment (getArgs)

main :: IO ()
main = do
  [f] <- getArgs
  s <- readFile f
  case readPleb s of
    Left e -> putStrLn ("error " ++ unwords (lines e))
    Right a -> do
      putStrLn (unwords ("alphabet" : Set.toList (sigma a)))
      mapM_ (\q -> putStrLn ("initial " ++ show (nodeLabel q))) (Set.toList (initials a))
      mapM_ (\q -> putStrLn ("final " ++ show (nodeLabel q))) (Set.toList (finals a))
      mapM_ (\t -> putStrLn (unwords ["arc", show (nodeLabel (source t)), lab (edgeLabel t), show (nodeLabel (destination t))]))
            (Set.toList (transitions a))
  where lab Epsilon = "eps"
        lab (Symbol x) = "sym:" ++ x
