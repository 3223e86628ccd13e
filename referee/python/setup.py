"""Builds canasta_referee._referee, the C extension over libcanasta-referee.so.0.

Where the library is found, first match:
  1. CANASTA_REFEREE_BUILD: a CMake build directory of this repository (the
     library is copied into the package, which finds it beside itself);
  2. the repository's own build/ (the same), when it holds the library;
  3. pkg-config canasta-referee (an installed library, as the Debian package
     installs it: the extension links it where it lies).
"""
import os
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SONAME = "libcanasta-referee.so.0"


def build_dir():
    """The CMake build directory holding the library, or None."""
    for d in (os.environ.get("CANASTA_REFEREE_BUILD"), os.path.join(REPO, "build")):
        if d and os.path.exists(os.path.join(d, SONAME)):
            return os.path.abspath(d)
    return None


def pkg_config(flag):
    out = subprocess.run(["pkg-config", flag, "canasta-referee"], check=True,
                         capture_output=True, text=True).stdout
    return out.split()


BUILD = build_dir()
if BUILD:
    include_dirs = [os.path.join(REPO, "referee", "api")]
    library_dirs = [BUILD]
    link_args = ["-Wl,-rpath,$ORIGIN"]  # the copy beside the extension
else:
    include_dirs = [f[2:] for f in pkg_config("--cflags-only-I")]
    library_dirs = [f[2:] for f in pkg_config("--libs-only-L")]
    link_args = []


class BuildExt(build_ext):
    """Copies the library beside the extension when it comes from a build tree."""

    def run(self):
        super().run()
        if BUILD:
            dest = os.path.join(self.build_lib, "canasta_referee")
            os.makedirs(dest, exist_ok=True)
            shutil.copy2(os.path.join(BUILD, SONAME), os.path.join(dest, SONAME))


setup(
    ext_modules=[Extension(
        "canasta_referee._referee",
        sources=[os.path.relpath(os.path.join(HERE, "_referee.c"), HERE)],
        include_dirs=include_dirs,
        library_dirs=library_dirs,
        libraries=["canasta-referee"],
        extra_compile_args=["-Wall", "-Wextra", "-Werror"],
        extra_link_args=link_args,
    )],
    cmdclass={"build_ext": BuildExt},
)
