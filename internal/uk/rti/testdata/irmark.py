# Independent IRmark: the Body element's text, its IRmark element removed,
# the envelope namespace declared on it, canonicalised by Python's C14N.
import sys, re, hashlib, base64, xml.etree.ElementTree as ET
raw = sys.stdin.buffer.read().decode('utf-8')
body = re.search(r'<Body>.*</Body>', raw, re.S).group(0)
body = re.sub(r'<IRmark Type="generic">[^<]*</IRmark>', '', body)
body = body.replace('<Body>', '<Body xmlns="http://www.govtalk.gov.uk/CM/envelope">', 1)
print(base64.b64encode(hashlib.sha1(ET.canonicalize(body).encode()).digest()).decode())
