"""What scripts/bench's figure writers share: replacing a marked block of docs/performance.md."""
import re
import sys


def replace_block(text, marker, body, writer):
    """The text with what lies between the "<!-- scripts/bench: MARKER -->" markers replaced by body; `writer` names
    the script in the error when the document has no such block."""
    begin, end = f"<!-- scripts/bench: {marker} -->", f"<!-- /scripts/bench: {marker} -->"
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        sys.exit(f"{writer}: the document has no '{begin}' ... '{end}' block")
    return pattern.sub(lambda _m: f"{begin}\n{body}\n{end}", text, count=1)
