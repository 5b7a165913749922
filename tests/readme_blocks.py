#!/usr/bin/env python3
"""ctest readme_code_blocks_are_consumer_files: every C++ code block in README.md is a file
that tests/consumer builds and runs. A block is announced by the line
`<!-- tests/consumer/NAME -->` right above its opening ```cpp fence, and its text must equal
that file; a ```cpp block without the line fails. The README also stays readable: at most 350
lines of at most 100 characters, and no word a user cannot resolve ("seed 00N", "session N":
the project's history, which belongs in docs/performance/).

  readme_blocks.py README.md tests/consumer
"""
import pathlib, re, sys


def main():
    readme, consumer = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    lines = readme.read_text().split("\n")
    blocks, problems, i = 0, [], 0
    while i < len(lines):
        if lines[i].startswith("```cpp"):
            marker = re.fullmatch(r"<!-- tests/consumer/([\w./-]+) -->", lines[i - 1] if i else "")
            end = lines.index("```", i + 1)
            if not marker:
                problems.append(f"line {i + 1}: a ```cpp block without `<!-- tests/consumer/NAME -->` above it")
            else:
                source = consumer / marker.group(1)
                text = "\n".join(lines[i + 1:end]) + "\n"
                if not source.exists():
                    problems.append(f"line {i + 1}: {source} does not exist")
                elif source.read_text() != text:
                    problems.append(f"line {i + 1}: the block differs from {source}")
                blocks += 1
            i = end
        i += 1
    if blocks == 0:
        problems.append("README.md has no C++ code block")
    if len(lines) - 1 > 350:
        problems.append(f"README.md has {len(lines) - 1} lines (at most 350)")
    for number, line in enumerate(lines, 1):
        if len(line) > 100:
            problems.append(f"line {number}: {len(line)} characters (at most 100)")
        if re.search(r"\bseed 00\d|\bsession \d", line, re.I):
            problems.append(f"line {number}: names the project's history ({line.strip()[:60]}...)")
    for p in problems:
        print(f"readme_blocks: {p}")
    if not problems:
        print(f"readme_blocks: OK, {blocks} C++ blocks, each equal to its tests/consumer file")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
