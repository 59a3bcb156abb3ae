-- Category names in Chinese (docs/product/language.md#words): a fresh install's demo data names each demo
-- category in both languages (server/demo/demo-data.ts). A database that loaded the demo before
-- categories.name_zh existed gets the same Chinese names here, for the demo's categories only: those with a
-- demo slug that still carry the demo's English name and no Chinese name yet. Any other category keeps its
-- empty Chinese name, and Chinese readers read its English name until a superadmin gives it one.
UPDATE "categories" AS c
SET "name_zh" = demo."name_zh"
FROM (VALUES
	('food', 'Food', '美食'),
	('spa-beauty', 'Spa & Beauty', '水疗美容'),
	('fitness', 'Fitness', '健身'),
	('activities', 'Activities', '休闲活动'),
	('classes', 'Classes', '课程')
) AS demo ("slug", "name", "name_zh")
WHERE c."slug" = demo."slug" AND c."name" = demo."name" AND c."name_zh" = '';
