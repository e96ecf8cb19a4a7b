"""Decoding alone: every frame read to BGR with OpenCV, nothing else. The floor under any
pipeline that reads the same file the same way.
Usage: decode_only.py CLIP"""
import sys

from peer_common import run

run("decode", sys.argv[1], lambda frame: 0)
