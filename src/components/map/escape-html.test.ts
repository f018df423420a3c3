import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('turns markup and both quotes into entities', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
  });

  it('leaves plain text, accents and signs as they are', () => {
    expect(escapeHtml('Café 12 ✓')).toBe('Café 12 ✓');
  });
});
