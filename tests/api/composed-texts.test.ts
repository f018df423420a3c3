// The texts the server composes for the user (the auto title of a route saved without one)
// are in the language the request names: the body's `language`, else Accept-Language; English
// for API clients that name none.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stops, type TestUser } from './client.ts';

let user: TestUser;
beforeAll(async () => {
  user = await newUser();
});

const untitled = { title: '', stops: [stops.timesSquare, stops.unionSquare] };

describe('auto titles in the user’s language', () => {
  it('is English for a client that names no language', async () => {
    const answer = await call('POST', '/itineraries', { token: user.token, body: untitled });
    expect(answer.body.title).toBe('Times Square to Union Square');
  });

  it('follows Accept-Language (the best supported language of the list)', async () => {
    for (const [header, title] of [
      ['fr-FR,fr;q=0.9,en;q=0.8', 'De Times Square à Union Square'],
      ['ja, de;q=0.7, es;q=0.5', 'Times Square nach Union Square'],
      ['pt-BR', 'De Times Square para Union Square'],
      ['ja', 'Times Square to Union Square'],
    ]) {
      const answer = await call('POST', '/itineraries', {
        token: user.token,
        body: untitled,
        headers: { 'accept-language': header },
      });
      expect(answer.status, header).toBe(201);
      expect(answer.body.title, header).toBe(title);
    }
  });

  it('takes the body’s language over the header, on PUT too, and never stores it', async () => {
    const created = await call('POST', '/itineraries', {
      token: user.token,
      body: { ...untitled, stops: [stops.empireState], language: 'es' },
      headers: { 'accept-language': 'fr' },
    });
    expect(created.body.title).toBe('Viaje a Empire State Building');
    expect(created.body).not.toHaveProperty('language');
    const updated = await call('PUT', `/itineraries/${created.body.id}`, {
      token: user.token,
      body: { title: '  ', stops: [stops.empireState, stops.timesSquare], language: 'it' },
    });
    expect(updated.body.title).toBe('Da Empire State Building a Times Square');
    // A title the user wrote is kept as written, whatever the language.
    const titled = await call('PUT', `/itineraries/${created.body.id}`, {
      token: user.token,
      body: { title: 'Lundi', stops: [stops.empireState], language: 'de' },
    });
    expect(titled.body.title).toBe('Lundi');
  });

  it('refuses a language it has no texts for with 400 {error}', async () => {
    expect(
      await call('POST', '/itineraries', {
        token: user.token,
        body: { ...untitled, language: 'ja' },
      }),
    ).toMatchObject({
      status: 400,
      body: { error: 'language must be one of: en, es, fr, de, it, pt' },
    });
  });
});
