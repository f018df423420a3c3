import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './device';

const UA = {
  pixel7:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('isMobileDevice', () => {
  it('is true for phones and tablets with a touch screen', () => {
    expect(isMobileDevice(UA.pixel7, 5)).toBe(true);
    expect(isMobileDevice(UA.iphone, 5)).toBe(true);
    expect(isMobileDevice(UA.androidTablet, 10)).toBe(true);
  });

  it('recognises an iPad that presents itself as a Mac', () => {
    expect(isMobileDevice(UA.ipadDesktopMode, 5)).toBe(true);
    expect(isMobileDevice(UA.ipadDesktopMode, 0)).toBe(false);
  });

  it('is false for desktops, with or without a touch screen', () => {
    expect(isMobileDevice(UA.windowsChrome, 0)).toBe(false);
    expect(isMobileDevice(UA.windowsChrome, 10)).toBe(false);
    expect(isMobileDevice(UA.linuxFirefox, 0)).toBe(false);
  });

  it('needs touch: a mobile user agent on a desktop (a spoofed or emulated one without touch) is a desktop', () => {
    expect(isMobileDevice(UA.pixel7, 0)).toBe(false);
    expect(isMobileDevice(UA.iphone, Number.NaN)).toBe(false);
  });
});
