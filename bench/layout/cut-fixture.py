# Cuts a page's layout input (bench/layout/page-lines.mjs output) down to the lines between two heights, for a
# small committed fixture: python3 bench/layout/cut-fixture.py PAGE.json Y0 Y1 [lines|layer] > FIXTURE.json
import json, sys
page = json.load(open(sys.argv[1]))
y0, y1 = float(sys.argv[2]), float(sys.argv[3])
which = sys.argv[4] if len(sys.argv) > 4 else 'lines'
keep = [l for l in page[which] if l['bbox'][1] >= y0 and l['bbox'][3] <= y1]
out = {'source': f"{page['file'].split('shared/')[-1]} p{page['page']}", 'kept': [y0, y1], 'boxes': 'layer' if which == 'layer' else 'detector, filled from the layer',
       'size': page['size'], 'unclipRatio': page['unclipRatio'] if which == 'lines' else None, 'lines': keep}
print(json.dumps(out, ensure_ascii=False, indent=None).replace('{"bbox"', '\n{"bbox"'))
