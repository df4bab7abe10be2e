import { FeedResponse, SearchCuratorsResponse } from '@josie/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveJosie, buildJosie, buildUser, buildUserRow, type TestUser } from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';
import { hebrewForms } from './terms.js';

// Hebrew genre names, a curator's name with a topic, names from their first letters, Hebrew plural and
// construct forms, and new words' misspellings at once (docs/decisions/0021-search-in-postgresql.md,
// amendment of 2026-12-05), in both languages; on PGlite and on PostgreSQL.

describe('search: genres by any name, names with topics and as typed, Hebrew forms, new words', () => {
  let ctx: TestContext;
  let editor: TestUser;
  const text = (content: string) => ({ type: 'text', content });

  async function search(q: string) {
    const res = await ctx.app.inject({ url: '/api/search/josies', query: { q, limit: '20' } });
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    return FeedResponse.parse(res.json()).data;
  }
  const titles = async (q: string) => (await search(q)).posts.map((p) => p.title).sort();
  async function curators(q: string) {
    const res = await ctx.app.inject({ url: '/api/search/curators', query: { q } });
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    return SearchCuratorsResponse.parse(res.json())
      .data.curators.map((c) => c.name)
      .sort();
  }

  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_SEARCH_MAX: '100000' });
    editor = await buildUser(ctx, { role: 'editor' });
    const maya = await buildUserRow(ctx, { role: 'curator', name: 'Maya Golan' });
    const mayaHe = await buildUserRow(ctx, { role: 'curator', name: 'מאיה כהן' });
    const dan = await buildUserRow(ctx, { role: 'curator', name: 'Dan Peretz' });
    const josie = (creator: string, title: string, genres: string[], paragraphs = [text('Some songs.')]) =>
      buildJosie(ctx, { creator, title, genres, paragraphs } as never);
    await josie(dan.id, 'Late night set', ['Jazz']);
    await josie(dan.id, 'ערב של אלתור', ['Jazz'], [text('שירים לערב')]);
    await josie(dan.id, 'Beats and rhymes', ['HipHop']);
    await josie(maya.id, 'Grooves for Sunday', ['Funk']);
    await josie(maya.id, 'Morning light', ['Pop']);
    await josie(mayaHe.id, 'גרוב של שבת', ['Funk'], [text('קצב')]);
    await josie(mayaHe.id, 'בוקר רך', ['Pop'], [text('שקט')]);
    await josie(dan.id, 'Loud and fast', ['Punk']);
    await josie(dan.id, 'Radio hits', ['Pop', 'Rock']);
    await josie(dan.id, 'שירי מדורה', [], [text('ערב קיץ')]);
    await josie(dan.id, 'קיץ בצפון', [], [text('ישבנו במדורות כל הלילה')]);
    await josie(dan.id, 'Campfire', [], [text('Songs for the bonfires of summer')]);
    await createTestServices(ctx).search.refreshWords();
  }, 300_000);
  afterAll(() => ctx.close());

  it('finds a genre by its Hebrew name as by its English one, with a geresh, an apostrophe, a hyphen or a maqaf', async () => {
    const jazz = ['Late night set', 'ערב של אלתור'];
    for (const q of ['jazz', 'Jazz', "ג'אז", 'ג׳אז', 'גאז', "בג'אז"])
      expect(await titles(q), q).toEqual(jazz);
    for (const q of ['hip-hop', 'hip hop', 'HipHop', 'היפ-הופ', 'היפ הופ', 'היפ־הופ']) {
      expect(await titles(q), q).toEqual(['Beats and rhymes']);
    }
    const pop = await titles('pop');
    expect(pop).toHaveLength(3);
    expect(await titles('פופ')).toEqual(pop);
    const funk = await titles('funk');
    expect(funk).toEqual(['Grooves for Sunday', 'גרוב של שבת']);
    // The Hebrew interface writes both Funk and Punk as "פאנק": it finds both.
    expect(await titles('פאנק')).toEqual([...funk, 'Loud and fast'].sort());
  });

  it("finds a curator's josies on a topic: every word in the josie or in its curator's name", async () => {
    expect(await titles('Maya funk')).toEqual(['Grooves for Sunday']);
    expect(await titles('funk golan')).toEqual(['Grooves for Sunday']);
    expect(await titles('Maya Golan pop')).toEqual(['Morning light']);
    expect(await titles('מאיה פאנק')).toEqual(['גרוב של שבת']);
    expect(await titles('כהן פופ')).toEqual(['בוקר רך']);
    expect(await titles('Maya jazz')).toEqual([]);
    // `|` is no operator: "Maya | pop" is Maya's pop josies, not every pop josie.
    expect(await titles('Maya | pop')).toEqual(['Morning light']);
    expect(await titles('Maya & funk')).toEqual(['Grooves for Sunday']);
  });

  it('finds names from their first two or three letters, as people type', async () => {
    expect(await curators('Ma')).toEqual(['Maya Golan']);
    expect(await curators('gol')).toEqual(['Maya Golan']);
    expect(await curators('מא')).toEqual(['מאיה כהן']);
    expect(await curators('מאיה כ')).toEqual([]);
    expect(await curators('מאיה כה')).toEqual(['מאיה כהן']);
    expect(await titles('Maya Go')).toEqual(['Grooves for Sunday', 'Morning light']);
    expect(await titles('מאיה כה')).toEqual(['בוקר רך', 'גרוב של שבת']);
    // Only the last word: "Ma Golan" is not Maya.
    expect(await curators('Ma Golan')).toEqual([]);
    // One letter is no prefix.
    expect(await curators('M')).toEqual([]);
  });

  it('meets Hebrew singular, plural and construct forms, with and without prefixes, as English plurals', async () => {
    const fire = ['קיץ בצפון', 'שירי מדורה'];
    for (const q of ['מדורה', 'מדורות', 'מדורת', 'במדורות', 'למדורה', 'והמדורות']) {
      expect(await titles(q), q).toEqual(fire);
    }
    expect(await titles('ערב מדורות')).toEqual(['שירי מדורה']);
    for (const q of ['bonfire', 'bonfires']) expect(await titles(q), q).toEqual(['Campfire']);
  });

  it('forgives the misspellings of a new word as soon as its josie is published or its curator named', async () => {
    const pending = await buildJosie(ctx, {
      title: 'Xylophonic dreams',
      paragraphs: [text('מנדולינות וקסילופונים')],
      status: 'pending',
      publishedAt: null,
    } as never);
    await approveJosie(ctx, editor, pending.id);
    await ctx.app.bus.idle();
    expect(await titles('xylophonik')).toEqual(['Xylophonic dreams']);
    expect(await titles('מנדלינות')).toEqual(['Xylophonic dreams']);
    expect(await titles('קסילפונים')).toEqual(['Xylophonic dreams']);

    const curator = await buildUser(ctx, { role: 'curator', name: 'Plain Name' });
    const rename = async (name: string) => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me/profile',
        headers: curator.auth,
        payload: { bio: '', name },
      });
      expect(res.statusCode, res.body).toBe(200);
      await ctx.app.bus.idle();
    };
    await rename('Zebulon Quartermaine');
    expect(await curators('Quartermain')).toEqual(['Zebulon Quartermaine']);
    await rename('אביגדור שפירא');
    expect(await curators('אביגדר')).toEqual(['אביגדור שפירא']);
  });

  it('reads punctuation, `:*` and `&` as separators: no words is an empty answer, never everything or 500', async () => {
    for (const q of [
      '?!.,;',
      ':*',
      '&',
      '|',
      '!',
      "'",
      '׳',
      '-',
      'M:*',
      '*:*',
      "Ma'",
      'Ma\\',
      'Maʼ',
      'ʼʼ',
      "ג'",
    ]) {
      const posts = (await search(q)).posts;
      expect(posts.length, q).toBeLessThan(12);
      await curators(q);
    }
    for (const q of ['?!.,;', ':*', '&', '*:*', '׳']) {
      expect(await titles(q), q).toEqual([]);
      expect(await curators(q), q).toEqual([]);
    }
    expect(await curators('Ma:*')).toEqual(['Maya Golan']);
    expect(await curators("Ma'")).toEqual(['Maya Golan']);
  });

  it('cuts Hebrew words into the same forms on both sides: the query rule and the index function agree', async () => {
    const words = ['במדורות', 'מדורה', 'מלכים', 'מלך', 'והמוזיקה', 'שירים', 'בית', 'תל', 'ספרייה', 'עברית'];
    for (const word of words) {
      const result = (await ctx.database.db.execute(
        sql`select coalesce(array_to_json(tsvector_to_array(to_tsvector('pg_catalog.simple', public.josie_hebrew_forms(${word})))), '[]') as forms`,
      )) as unknown as { rows: { forms: string[] }[] };
      expect(result.rows[0]!.forms.sort(), word).toEqual(hebrewForms(word).sort());
    }
  });
});
