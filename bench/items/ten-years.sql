-- A synthetic 10-year archive for `newsbench items`: 3650 days of 10 stories, 5 sections (a story of
-- each day in one, and 5000 older stories only in sections), read marks on half the stories, a
-- favourite in 97 and two the archive does not list. Run on an archive `newsctl`/`newsbench` made:
--   newsbench items A.sqlite 1; sqlite3 A.sqlite < bench/items/ten-years.sql; newsbench items A.sqlite 15
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i+1 FROM n WHERE i < 3649)
INSERT INTO day SELECT CAST(strftime('%Y%m%d', '2014-01-01', '+'||i||' days') AS INTEGER), 0, 1 FROM n;
WITH RECURSIVE p(k) AS (SELECT 0 UNION ALL SELECT k+1 FROM p WHERE k < 9)
INSERT INTO story SELECT date*100+k, 'title '||date||k, 'hint', NULL, 'https://daily.zhihu.com/story/'||(date*100+k), substr(date,5,4)||printf('%02d', 7+k), '0x123456', 0 FROM day, p;
WITH RECURSIVE p(k) AS (SELECT 0 UNION ALL SELECT k+1 FROM p WHERE k < 9)
INSERT INTO day_story SELECT date, k, date*100+k FROM day, p;
INSERT INTO section SELECT i, 6 - i, 'section '||i, '', NULL, 0 FROM (SELECT 1 i UNION SELECT 2 UNION SELECT 3 UNION SELECT 4 UNION SELECT 5);
INSERT INTO section_state SELECT id, name, 0, NULL FROM section;
INSERT INTO section_story SELECT 1 + (story_id / 100) % 5, story_id, date, 0, 0 FROM day_story WHERE position = 3;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i+1 FROM n WHERE i < 4999)
INSERT INTO story SELECT 900000000+i, 'old '||i, 'h', NULL, 'u', '010108', '0x', 0 FROM n;
INSERT INTO section_story SELECT 1 + id % 5, id, CAST(strftime('%Y%m%d', '2013-06-01', '+'||((id-900000000)/10)||' days') AS INTEGER), 1, 0 FROM story WHERE id BETWEEN 900000000 AND 999999999;
INSERT INTO read_mark SELECT id, 0 FROM story WHERE id % 2 = 0;
INSERT INTO favorite SELECT id, title, 0 FROM story WHERE id % 97 = 0;
INSERT INTO favorite VALUES (5, 'gone', 1600000000), (6, 'gone too', 1600000000);
