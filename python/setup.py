"""Builds the clustereval package with the machine's compiler, from the repository's C sources.

The core compiles once, its files in parallel, into a static library that two extensions link:
clustereval._core (the binding, which sees clustereval.h only) and clustereval._cli (the
command line: cli/main.c, cli/read_ahead.c and cli/save_page.c, their main renamed ce_cli_main,
so that ``python -m clustereval`` and the ``clustereval`` script are the C command line). A page
template found at build time (dist/clustereval.html, made by ``make web``) ships in the
package for --save-page.

From a checkout the sources are ../core and ../cli (this folder is python/ of the repository);
an sdist carries copies in core/ and cli/ (and the page as clustereval.html, when there is
one). Offline: pip install --no-build-isolation ./python
"""
import glob
import os
import shutil
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_clib import build_clib
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

try:
    from setuptools.modified import newer_group
except ImportError:  # setuptools < 69
    from setuptools.dep_util import newer_group

HERE = os.path.dirname(os.path.abspath(__file__))


def first_there(*candidates):
    """The first of these paths (relative to this folder) that exists, or None."""
    return next((c for c in candidates if os.path.exists(os.path.join(HERE, c))), None)


CORE = first_there(os.path.join("core", "include", "clustereval.h"),
                   os.path.join("..", "core", "include", "clustereval.h"))
CORE = os.path.dirname(os.path.dirname(CORE))
CLI = os.path.dirname(first_there(os.path.join("cli", "main.c"), os.path.join("..", "cli", "main.c")))
PAGE = first_there("clustereval.html", os.path.join("..", "dist", "clustereval.html"))
FLAGS = ["-std=c11", "-O2"]


def files(folder, pattern):
    return sorted(os.path.relpath(p, HERE) for p in glob.glob(os.path.join(HERE, folder, pattern)))


CORE_SOURCES = files(CORE, os.path.join("src", "*", "*.c"))
CORE_HEADERS = files(CORE, os.path.join("include", "*.h")) + files(CORE, os.path.join("src", "*", "*.h"))


class BuildClib(build_clib):
    """Compiles a library's files on every processor, and only when one of them changed."""

    def build_libraries(self, libraries):
        for name, info in libraries:
            target = self.compiler.library_filename(name, output_dir=self.build_clib)
            if not self.force and not newer_group(info["sources"] + info["depends"], target):
                continue

            def compile_one(source):
                return self.compiler.compile([source], output_dir=self.build_temp,
                                             include_dirs=info["include_dirs"],
                                             extra_postargs=info["cflags"], debug=self.debug)

            # The sources lie above this folder ("../core/..."): their objects' paths go
            # through build_temp and up, which the system resolves only once it exists.
            os.makedirs(self.build_temp, exist_ok=True)
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                objects = [o for some in pool.map(compile_one, info["sources"]) for o in some]
            if os.path.exists(target):  # ar would keep the members of files since removed
                os.remove(target)
            self.compiler.create_static_lib(objects, name, output_dir=self.build_clib,
                                            debug=self.debug)


class BuildExt(build_ext):
    """The core's library first (build_ext alone, as --inplace runs it, would skip it); then
    both extensions at once."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self):
        self.run_command("build_clib")
        super().run()


class BuildPy(build_py):
    """Puts the page template beside the modules, when the build found one."""

    def run(self):
        super().run()
        if PAGE:
            target = os.path.join(self.build_lib, "clustereval", "clustereval.html")
            self.copy_file(os.path.join(HERE, PAGE), target)


class Sdist(sdist):
    """Copies the core, the command line and the page in, so that the archive builds away
    from the repository."""

    def make_release_tree(self, base_dir, files):
        # The extensions' sources outside this folder would land beside the archive's folder.
        super().make_release_tree(base_dir, [f for f in files if not f.startswith("..")])
        for source, name in ((CORE, "core"), (CLI, "cli")):
            if source != name:
                self.copy_tree(os.path.join(HERE, source), os.path.join(base_dir, name))
        if PAGE and PAGE != "clustereval.html":
            shutil.copyfile(os.path.join(HERE, PAGE), os.path.join(base_dir, "clustereval.html"))


core_library = ("clustereval_core", {
    "sources": CORE_SOURCES,
    "depends": CORE_HEADERS,
    "include_dirs": [os.path.join(CORE, "include"), os.path.join(CORE, "src")],
    "cflags": FLAGS,
})
# Relinked whenever the core changes.
core_depends = CORE_SOURCES + CORE_HEADERS

setup(
    name="clustereval",
    version="0.1.0",
    description="Clustering evaluation for NLP (POS induction, word clusters): the clustereval C core",
    license="MIT",
    packages=["clustereval"],
    python_requires=">=3.10",
    libraries=[core_library],
    ext_modules=[
        Extension(
            "clustereval._core",
            sources=["clustereval/_core.c"],
            include_dirs=[os.path.join(CORE, "include")],
            extra_compile_args=FLAGS,
            depends=core_depends,
            libraries=["clustereval_core", "m"],
        ),
        Extension(
            "clustereval._cli",
            sources=["clustereval/_cli.c", os.path.join(CLI, "main.c"),
                     os.path.join(CLI, "read_ahead.c"), os.path.join(CLI, "save_page.c")],
            include_dirs=[os.path.join(CORE, "include")],
            define_macros=[("main", "ce_cli_main")],
            extra_compile_args=FLAGS,
            depends=core_depends + files(CLI, "*.h"),
            libraries=["clustereval_core", "m", "z"],
        ),
    ],
    entry_points={"console_scripts": ["clustereval = clustereval.__main__:command"]},
    cmdclass={"build_clib": BuildClib, "build_ext": BuildExt, "build_py": BuildPy,
              "sdist": Sdist},
)
