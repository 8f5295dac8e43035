# Cuts a page's layout input (bench/layout/page-lines.mjs output) down to the lines between two heights, for a
# small committed fixture: python3 bench/layout/cut-fixture.py PAGE.json Y0 Y1 [lines|layer|detected] > FIXTURE.json
# (lines: the layout's input; layer: the PDF's own lines; detected: the detector's boxes and the layer lines, unfilled;
# scan: bench/layout/page-lines.mjs --scan output, a scan's detected lines as the layout gets them, unread)
import json, sys
page = json.load(open(sys.argv[1]))
y0, y1 = float(sys.argv[2]), float(sys.argv[3])
which = sys.argv[4] if len(sys.argv) > 4 else 'lines'
inside = lambda b: b[1] >= y0 and b[3] <= y1
keep = [l for l in page['layer' if which == 'detected' else 'lines' if which == 'scan' else which] if inside(l['bbox'])]
out = {'source': f"{page['file'].split('shared/')[-1]} p{page['page']}", 'kept': [y0, y1], 'boxes': 'layer' if which == 'layer' else 'detector, filled from the layer',
       'size': page['size'], 'unclipRatio': page['unclipRatio'] if which != 'layer' else None, 'lines': keep}
if which == 'scan':
    out['boxes'] = 'the detector\'s on the upright scan, cut at column gutters; not read'
if which == 'detected':
    out['boxes'] = 'the detector\'s, unfilled (detected); lines: the layer\'s'
    out['detected'] = [b for b in page['detected'] if inside(b)]
print(json.dumps(out, ensure_ascii=False, indent=None).replace('{"bbox"', '\n{"bbox"').replace('], [', '],\n ['))
