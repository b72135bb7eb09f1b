"""The option table is the one description of every option: the package's OPTIONS, its
docstrings, the JSON echo and the command line all come from the core's CE_OPTION_MAP."""
import json
import os
import subprocess

import clustereval

from conftest import ROOT
GOLD = os.path.join(ROOT, "tests", "data", "small-gold.tsv")
SYS = os.path.join(ROOT, "tests", "data", "small-sys.tsv")


def test_options_are_the_cores_table_and_the_json_echoes_each():
    result = clustereval.evaluate(GOLD, SYS)
    echoed = result["options"]
    for name, option in clustereval.OPTIONS.items():
        assert option["kind"] in ("number", "integer", "flag", "choice")
        assert option["label"] and option["help"], name
        assert name in echoed, name
        if option["kind"] == "choice":
            assert echoed[name] == option["choices"][int(option["default"])]
        elif option["kind"] == "flag":
            assert echoed[name] is bool(option["default"])
        elif name != "threads":  # the package runs on its own count of threads
            assert echoed[name] == option["default"], name


def test_the_docstrings_list_every_option_with_its_help():
    for function in (clustereval.score, clustereval.evaluate):
        for name, option in clustereval.OPTIONS.items():
            assert f"``{name}``" in function.__doc__
            assert option["help"] in function.__doc__


def test_every_option_is_a_flag_of_the_command_line_and_gives_the_same_json(cli):
    help_text = subprocess.run([cli, "--help"], capture_output=True, text=True).stdout
    for name, option in clustereval.OPTIONS.items():
        flag = "--" + ("no-" if option["kind"] == "flag" and option["default"] else "")
        assert flag + name.replace("_", "-") in help_text, name
    given = {"min_share": 0.25, "nmi_mean": "geometric", "log2": True, "token_check": False,
             "restarts": 3, "unclustered": "split"}
    args = ["--min-share", "0.25", "--nmi-mean", "geometric", "--log2", "--no-token-check",
            "--restarts", "3", "--unclustered", "split", "--threads", "1"]
    printed = subprocess.run([cli, "--format", "json", *args, GOLD, SYS], capture_output=True,
                             text=True, check=True).stdout
    from_cli = json.loads(printed)
    from_python = clustereval.evaluate(GOLD, SYS, threads=1, **given)
    from_cli["gold"]["name"] = from_python["gold"]["name"]
    from_cli["systems"][0]["name"] = from_python["systems"][0]["name"]
    assert from_python["options"] == from_cli["options"]
    for name, value in given.items():
        assert from_python["options"][name] == value
