import { describe, expect, it } from 'vitest';
import { stopListText } from './stop-list-text';

describe('stopListText', () => {
  it('numbers the stops under the title, notes indented below their stop', () => {
    const text = stopListText(' Tuesday round ', [
      { name: 'Boulangerie Paul, Paris', note: 'Code 1234\nRing twice' },
      { name: 'Mairie de Lyon' },
      { name: 'Gare de Dijon', note: '   ' },
    ]);
    expect(text).toBe(
      'Tuesday round\n\n1. Boulangerie Paul, Paris\n   Code 1234\n   Ring twice\n2. Mairie de Lyon\n3. Gare de Dijon\n',
    );
  });

  it('says how long the route is under the title when it is known', () => {
    expect(stopListText('Errands', [{ name: 'A' }, { name: 'B' }], 'Total: 2.4 mi, 9m')).toBe(
      'Errands\nTotal: 2.4 mi, 9m\n\n1. A\n2. B\n',
    );
  });
});
