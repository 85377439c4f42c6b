import sys

from cueref.cli import main

sys.exit(main())
