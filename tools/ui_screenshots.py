"""The screenshots of `litetree ui` in its docs page (nbs/images/ui-*.png), taken in headless Chromium on the samples.

Run from the repository root after changing the page: `python tools/ui_screenshots.py` (needs Debian's chromium and
chromium-driver: tools/browser_setup.sh).
"""
import shutil, tempfile, time
from pathlib import Path
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from selenium.common.exceptions import StaleElementReferenceException, NoSuchElementException
from litetree.api import Index
from litetree.cli import SAMPLES
from litetree.ui import serve

OUT = Path('nbs/images')

def main():
    tmp = Path(tempfile.mkdtemp())
    with Index(tmp/'samples.db') as ix: ix.add(sorted(p for p in SAMPLES.iterdir() if p.name != 'SOURCES.md'))
    srv = serve(tmp/'samples.db', port=0)
    o = webdriver.ChromeOptions()
    for a in ('--headless=new', '--no-sandbox', '--disable-gpu', '--window-size=1280,760'): o.add_argument(a)
    b = webdriver.Chrome(options=o, service=Service(shutil.which('chromedriver') or '/usr/bin/chromedriver'))
    wait = WebDriverWait(b, 60, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException))
    try:
        b.get(srv.url)
        wait.until(lambda b: b.execute_script('return window.litetree && window.litetree.ready'))
        OUT.mkdir(exist_ok=True)
        b.find_element(By.ID, 'q').send_keys('what happens if I violate the license')
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, '#results .hit'))
        time.sleep(0.5)
        b.save_screenshot(str(OUT/'ui-results.png'))
        next(e for e in b.find_elements(By.CSS_SELECTOR, '#tree .doc > span') if e.text.startswith('Dvipdfm')).click()
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, '#tree .node'))
        q = b.find_element(By.ID, 'q'); q.clear(); q.send_keys('outline bookmark entry')
        wait.until(lambda b: 'Dvipdfm' in b.find_element(By.ID, 'results').text)
        next(h for h in b.find_elements(By.CSS_SELECTOR, '#results .hit') if h.text.startswith('Dvipdfm')).click()
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, '.pageview .box'))
        time.sleep(0.5)
        b.save_screenshot(str(OUT/'ui-pdf.png'))
    finally:
        b.quit(); srv.shutdown(); srv.server_close(); shutil.rmtree(tmp, ignore_errors=True)
    print('wrote', *sorted(str(p) for p in OUT.glob('ui-*.png')))

if __name__ == '__main__': main()
