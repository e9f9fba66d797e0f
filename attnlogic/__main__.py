from attnlogic.cli import main

raise SystemExit(main())
