"""``python -m clustereval`` and the ``clustereval`` script: the C command line (cli/main.c,
compiled into clustereval._cli), with its options, output and exit codes (0 done, 1 usage,
2 input error, 3 out of memory or internal error, 4 a reported number does not reproduce).

``--save-page OUT.html`` needs the app's single file: the one this package carries when it
was built after ``make web``, else the one ``CLUSTEREVAL_PAGE`` names.
"""
import os
import signal
import sys

from . import _cli

#: The page template --save-page fills (there when the build found dist/clustereval.html).
PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "clustereval.html")


def main(argv=None):
    """Runs the command line on ``argv`` (default ``sys.argv[1:]``) in this process and returns
    its exit code. It prints to the process's standard output and error."""
    args = sys.argv[1:] if argv is None else list(argv)
    given = os.environ.get("CLUSTEREVAL_PAGE")
    if not given:
        # Else the C code would look beside the Python interpreter, and name that place.
        os.environ["CLUSTEREVAL_PAGE"] = PAGE
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    try:
        return _cli.main(["clustereval", *args])
    finally:
        if given is None:
            os.environ.pop("CLUSTEREVAL_PAGE", None)
        elif not given:
            os.environ["CLUSTEREVAL_PAGE"] = given


def command():
    """The script's entry: Ctrl-C and a closed pipe end the program as they end the C one."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())


if __name__ == "__main__":
    command()
