#!/usr/bin/env python3
"""Count instructions in the loops of each function of an object file (objdump -d).
usage: loopcount.py file.o [function-substring]"""
import re, subprocess, sys, collections
obj = sys.argv[1]; pat = sys.argv[2] if len(sys.argv) > 2 else ''
dis = subprocess.run(['objdump', '-d', '--no-show-raw-insn', '-C', obj], capture_output=True, text=True).stdout
funcs = re.split(r'\n(?=[0-9a-f]+ <)', dis)
for f in funcs:
    m = re.match(r'([0-9a-f]+) <(.*)>:', f)
    if not m or pat not in m.group(2): continue
    ins = []
    for line in f.splitlines()[1:]:
        mm = re.match(r'\s*([0-9a-f]+):\s+(\S+)\s*(.*)', line)
        if mm: ins.append((int(mm.group(1), 16), mm.group(2), mm.group(3)))
    print(f'== {m.group(2)}  ({len(ins)} instructions total)')
    for i, (addr, mn, ops) in enumerate(ins):
        if mn.startswith('j') and mn != 'jmp':
            t = re.match(r'([0-9a-f]+)', ops)
            if not t: continue
            tgt = int(t.group(1), 16)
            if tgt < addr:
                body = [x for x in ins if tgt <= x[0] <= addr]
                c = collections.Counter(x[1] for x in body)
                madd = sum(v for k, v in c.items() if k.startswith('vpmadd52'))
                print(f'  loop {tgt:#x}..{addr:#x}: {len(body)} instructions, {madd} vpmadd52, {len(body)-madd} other')
                print('    ' + ', '.join(f'{k}:{v}' for k, v in sorted(c.items(), key=lambda kv: -kv[1])))
                cls = collections.Counter()
                for _, mn, ops in body:
                    mem = '(' in ops
                    if mn.startswith('vpmadd52'): k = 'madd'
                    elif mn.startswith(('vperm', 'vpshuf', 'vshuf', 'vpunpck', 'vinsert', 'vextract', 'vpmovsx')): k = 'shuffle'
                    elif mn.startswith(('vpsrl', 'vpsll', 'vpsra', 'vpshld', 'vpshrd')): k = 'shift'
                    elif mn in ('vmovdqa64', 'vmovaps', 'vmovdqa', 'vmovups', 'vmovdqu64') and not mem: k = 'reg-move'
                    elif mn in ('vmovdqu64', 'vmovups', 'vmovdqa64', 'vmovaps', 'vpbroadcastq'):
                        k = 'store' if ops.rstrip().endswith(')') else 'load'
                    elif mn.startswith(('vpxor',)) and len(set(re.findall(r'%[xyz]mm\d+', ops))) == 1: k = 'zero-idiom'
                    elif mn.startswith(('vpadd', 'vpsub', 'vpand', 'vpor', 'vpxor', 'vpternlog', 'vpblendm', 'vpmovq2m')): k = 'alu'
                    else: k = 'scalar/other'
                    cls[k] += 1
                print('    classes: ' + ', '.join(f'{k}:{v}' for k, v in sorted(cls.items(), key=lambda kv: -kv[1])))
