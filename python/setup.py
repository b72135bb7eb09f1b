"""Builds the clustereval extension from the core's C sources with the machine's compiler.

From a checkout the sources are ../core (this folder is python/ of the repository); an sdist
carries a copy in core/. Offline: pip install --no-build-isolation ./python
"""
import glob
import os

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
CORE = next(c for c in ("core", os.path.join("..", "core"))
            if os.path.isfile(os.path.join(HERE, c, "include", "clustereval.h")))


class BuildExt(build_ext):
    """Compiles the core's files on every core, not one after another."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1


class Sdist(sdist):
    """Copies the core in, so that the archive builds away from the repository."""

    def make_release_tree(self, base_dir, files):
        # The extension's sources outside this folder would land beside the archive's folder.
        super().make_release_tree(base_dir, [f for f in files if not f.startswith("..")])
        if CORE != "core":
            self.copy_tree(os.path.join(HERE, CORE), os.path.join(base_dir, "core"))



def core_files(pattern):
    return sorted(os.path.relpath(p, HERE) for p in glob.glob(os.path.join(HERE, CORE, pattern)))


sources = core_files(os.path.join("src", "*", "*.c"))
headers = core_files(os.path.join("include", "*.h")) + core_files(os.path.join("src", "*", "*.h"))
setup(
    name="clustereval",
    version="0.1.0",
    description="Clustering evaluation for NLP (POS induction, word clusters): the clustereval C core",
    license="MIT",
    packages=["clustereval"],
    python_requires=">=3.10",
    ext_modules=[
        Extension(
            "clustereval._core",
            sources=["clustereval/_core.c"] + sources,
            include_dirs=[os.path.join(CORE, "include"), os.path.join(CORE, "src")],
            extra_compile_args=["-std=c11", "-O2"],
            depends=headers,
            libraries=["m"],
        )
    ],
    cmdclass={"build_ext": BuildExt, "sdist": Sdist},
)
