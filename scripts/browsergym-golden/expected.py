"""BrowserGym's own text views of captured pages: the expected outputs of test/browsergym-formats.test.ts.

Usage: python3 expected.py <BrowserGym checkout> <folder of *.json written by capture.ts>
Needs beautifulsoup4 and lxml (BrowserGym's own dependencies); numpy and PIL are stubbed: the
text views do not use them. Writes <name>.axtree.txt and <name>.pruned.html beside each input.
"""
import json, pathlib, sys, types

checkout, folder = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for name in ('numpy', 'PIL', 'PIL.Image', 'PIL.ImageDraw', 'PIL.ImageFont'):
    sys.modules[name] = types.ModuleType(name)
sys.modules['numpy'].typing = types.SimpleNamespace(ArrayLike=object)
constants = types.ModuleType('browsergym.core.constants')
exec((checkout / 'browsergym/core/src/browsergym/core/constants.py').read_text(), constants.__dict__)
for name in ('browsergym', 'browsergym.core'):
    sys.modules[name] = types.ModuleType(name)
sys.modules['browsergym.core.constants'] = constants
obs = types.ModuleType('obs')
exec((checkout / 'browsergym/core/src/browsergym/utils/obs.py').read_text(), obs.__dict__)

for path in sorted(folder.glob('*.json')):
    case = json.loads(path.read_text())
    flags = case['flags']
    kwargs = dict(extra_properties=case['props'], with_visible=flags.get('withVisible', False), with_clickable=flags.get('withClickable', False),
                  with_center_coords=flags.get('coords') == 'center', with_bounding_box_coords=flags.get('coords') == 'box',
                  with_som=flags.get('withSom', False), filter_visible_only=flags.get('visibleOnly', False))
    path.with_suffix('.axtree.txt').write_text(obs.flatten_axtree_to_str({'nodes': case['ax']}, **kwargs))
    path.with_suffix('.pruned.html').write_text(obs.prune_html(obs.flatten_dom_to_str(case['snapshot'], **kwargs)))
    print(path.name)
