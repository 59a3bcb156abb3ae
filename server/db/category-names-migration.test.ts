/** Migration 0022: a database that loaded the demo before categories had Chinese names gets the demo's Chinese names. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type MigrationTestDatabase } from '../test/database';
import { DEMO_CATEGORIES } from '../demo/demo-data';

const TAG = '0022_category_names_in_chinese';

describe(`migration ${TAG}`, () => {
  let client: MigrationTestDatabase;

  beforeAll(async () => {
    client = await databaseBefore(TAG);
    // The demo's categories as an older install loaded them, a demo slug a superadmin renamed, one already named
    // in Chinese, and a category of the superadmins' own.
    await client.exec(`
      insert into categories (slug, name, icon, position) values
        ('food', 'Food', 'utensils', 0),
        ('spa-beauty', 'Spa & Beauty', 'sparkles', 1),
        ('fitness', 'Gyms', 'dumbbell', 2),
        ('activities', 'Activities', 'compass', 3),
        ('classes', 'Classes', 'graduation-cap', 4),
        ('travel', 'Travel', 'plane', 5);
      update categories set name_zh = '活动' where slug = 'activities';
    `);
    await client.migrateRest();
  });

  afterAll(async () => {
    await client?.close();
  });

  it("names the demo's own categories in Chinese as the demo data does, and leaves every other one as it was", async () => {
    const rows = await client.query<{ slug: string; name_zh: string }>('select slug, name_zh from categories order by position');
    const demo = new Map<string, string>(DEMO_CATEGORIES.map((c) => [c.slug, c.nameZh]));
    expect(rows).toEqual([
      { slug: 'food', name_zh: demo.get('food') },
      { slug: 'spa-beauty', name_zh: demo.get('spa-beauty') },
      { slug: 'fitness', name_zh: '' },
      { slug: 'activities', name_zh: '活动' },
      { slug: 'classes', name_zh: demo.get('classes') },
      { slug: 'travel', name_zh: '' },
    ]);
  });
});
