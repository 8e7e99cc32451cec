-- zl-port's test of SQLite (ports/sqlite3/recipe): the sqlite3 shell runs this script on
-- a database file and its output is compared with test.expected, the output of the same
-- script from a host (x86-64 gcc) build of the same source.  Everything is deterministic.
.bail off
.headers off
.mode list
.nullvalue NULL
PRAGMA page_size = 1024;
PRAGMA journal_mode = DELETE;

-- 1. 100,000 rows: integers around 2^31, 2^32, 2^53, 2^63, reals, text and blobs
CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT, d BLOB, g INTEGER);
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO t(id, a, b, c, d, g)
SELECT i,
       (i * 2654435761) % 4294967296 - 2147483648,
       i * 0.25 - 12345.125,
       printf('row-%06d-%s', i, hex(i * 7919)),
       CASE WHEN i % 7 = 0 THEN zeroblob(i % 50) ELSE CAST(printf('%08x', i * 40503) AS BLOB) END,
       i % 97
FROM n;
COMMIT;
SELECT count(*), sum(a), total(b), min(a), max(a), min(c), max(c), sum(length(d)) FROM t;
SELECT avg(a), avg(b), sum(g * g) FROM t;
CREATE INDEX t_a ON t(a);
CREATE INDEX t_gc ON t(g, c DESC);
CREATE UNIQUE INDEX t_c ON t(c);
SELECT id, a FROM t WHERE a BETWEEN -1000000 AND 1000000 ORDER BY a LIMIT 5;
SELECT g, count(*), sum(a), max(c) FROM t GROUP BY g HAVING count(*) > 1030 ORDER BY g;
SELECT count(*) FROM t WHERE c LIKE 'row-0099%';
SELECT count(*) FROM t WHERE c GLOB '*A?0';
PRAGMA integrity_check;

-- 2. joins, subqueries, set operations, window functions
CREATE TABLE u(g INTEGER PRIMARY KEY, name TEXT, w REAL);
INSERT INTO u SELECT value, 'group ' || value, value / 7.0 FROM generate_series(0, 120);
SELECT u.name, count(t.id), sum(t.a % 1000), round(sum(u.w), 6)
  FROM u LEFT JOIN t ON t.g = u.g AND t.id % 1000 = 0 GROUP BY u.g ORDER BY u.g DESC LIMIT 8;
SELECT count(*) FROM t JOIN u USING (g) WHERE u.w > 10;
SELECT id FROM t WHERE id IN (SELECT g * 1000 FROM u) ORDER BY id DESC LIMIT 3;
SELECT g FROM u EXCEPT SELECT g FROM t ORDER BY 1;
SELECT id, a, sum(a) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW),
       rank() OVER (PARTITION BY g ORDER BY a), lag(c) OVER (ORDER BY id)
  FROM t WHERE id <= 10 ORDER BY id;
SELECT g, ntile(4) OVER (ORDER BY g), percent_rank() OVER (ORDER BY g) FROM u WHERE g < 6;

-- 3. 64-bit integer arithmetic at its limits (SQLite's INTEGER is 64-bit signed)
SELECT 9223372036854775807, -9223372036854775808, 9223372036854775807 + 1,
       -9223372036854775808 - 1, 9223372036854775808, 0x7fffffffffffffff, 0xffffffffffffffff;
SELECT 4294967296 * 4294967296, 3037000499 * 3037000499, 3037000500 * 3037000500,
       -9223372036854775808 / -1, -9223372036854775808 % -1, 9223372036854775807 % 10;
SELECT 1 << 62, 1 << 63, 1 << 64, -1 >> 1, -1 >> 63, -1 >> 64, ~0, 1 << -1, 255 & ~15 | 256;
SELECT CAST(9.3e18 AS INTEGER), CAST(-9.3e18 AS INTEGER), CAST('9223372036854775807' AS INTEGER),
       CAST('9223372036854775808' AS INTEGER), CAST('-0x10' AS INTEGER), CAST(1e300 AS INTEGER);
SELECT typeof(9223372036854775807), typeof(9223372036854775808), typeof(2147483648 * 2147483648),
       typeof(9223372036854775807 + 1), 9007199254740993, 9007199254740993.0;
SELECT abs(-9223372036854775807), hex(-1), hex(9223372036854775807), quote(x'00ff10'),
       unicode('€'), char(0x20ac, 0x1f600), length(char(0x1f600)), length(CAST('€' AS BLOB));
SELECT sum(x) FROM (SELECT 9223372036854775807 AS x UNION ALL SELECT 1);
SELECT total(x), typeof(total(x)) FROM (SELECT 9223372036854775807 AS x UNION ALL SELECT 1);
SELECT abs(-9223372036854775808);

-- 4. printf and real numbers
SELECT printf('%d|%lld|%x|%X|%o|%u', -42, 9223372036854775807, -1, 3735928559, 511, -1);
SELECT printf('%5d|%-5d|%05d|%+d|% d|%,d', 42, 42, 42, 42, 42, 1234567890123);
SELECT printf('%.3f|%e|%g|%10.4e|%.20g|%!.20g', 3.14159265, 1e-300, 1e100, -2.5e-5, 0.1, 0.1);
SELECT printf('%s|%q|%Q|%w|%c|%.3s|%10s|%-10s|', 'it''s', 'it''s', NULL, 'a"b', 'xyz', 'abcdef', 'r', 'l');
SELECT printf('%z|%%|%i|%.0f|%.1f', 'zz', 7, 2.5, 0.05);
SELECT 0.1 + 0.2, 1e308 * 10, -1e308 * 10, 1.0 / 3, 2.0 / 3 * 3, 1e-320, 4.9e-324 / 2;
SELECT round(2.5), round(-2.5), round(1234.5678, 2), round(1e17 + 0.5), 100.0, 1e15, 1e16, 123456789012345678.0;
SELECT CAST('1e400' AS REAL), CAST('  12.5e1xyz' AS REAL), CAST(x'3132' AS INTEGER), 1e999 - 1e999;
SELECT ceil(-1.5), floor(-1.5), trunc(2.7), sqrt(2), pow(2, 64), pow(2, 63), exp(1), ln(10),
       log(2, 1024), log10(1e-5), mod(17.5, 5), sign(-3), pi(), degrees(pi()), atan2(1, 1);

-- 5. strings
SELECT upper('hello, wörld'), lower('ÀBC'), length('日本語'), substr('abcdef', -3, 2),
       substr('abcdef', 2), instr('hello world', 'o w'), replace('aaa', 'a', 'bb'),
       trim('  x  '), ltrim('xxyx', 'x'), rtrim('yxx', 'x'), 'abc' || 1 || 2.5;
SELECT group_concat(c, ';') FROM (SELECT c FROM t WHERE id < 6 ORDER BY id DESC);
SELECT min(c COLLATE NOCASE), max(c COLLATE RTRIM) FROM t WHERE id < 100;
SELECT format('%s=%d', 'x', 5), likely(1), unlikely(2), nullif(3, 3),
       coalesce(NULL, NULL, 'c'), iif(1 < 2, 'y', 'n'), typeof(zeroblob(3)), length(zeroblob(1000000));
SELECT hex(sha3('abc')), hex(sha3('abc', 384)), hex(sha3(x'', 512)), hex(sha3_query('SELECT 1; SELECT 2'));
SELECT length(randomblob(100)), hex(substr(x'0102030405', 2, 3));

-- 6. JSON
SELECT json_object('a', 1, 'b', 2.5, 'c', 'x', 'd', json_array(1, 2, 9223372036854775807), 'e', NULL);
SELECT json_extract('{"a":{"b":[1,2,{"c":-9223372036854775808}]}}', '$.a.b[2].c', '$.a.b[#-1].c');
SELECT json_extract('[1e400, -1e400, 18446744073709551616, 0.1]', '$[0]', '$[1]', '$[2]', '$[3]');
SELECT json_set('{"a":1}', '$.b', json('[true,false,null]'), '$.a', 99),
       json_remove('[0,1,2,3]', '$[1]', '$[#-1]'), json_insert('{}', '$.x', 'y'),
       json_patch('{"a":1,"b":2}', '{"b":null,"c":3}'), json_valid('{"x":'), json_type('[1,2.0,"s"]', '$[1]');
SELECT key, value, type, path FROM json_each('{"x":[1,2],"y":{"z":"w"},"n":null}');
SELECT fullkey, atom FROM json_tree('[1,[2,[3,{"k":4}]]]') WHERE atom IS NOT NULL;
SELECT json_group_array(id), json_group_object(c, a) FROM t WHERE id < 5;
SELECT json_array_length('[1,2,3,[4,5]]'), json_array_length('[1,2,3,[4,5]]', '$[3]'),
       json_quote('a"b\c'), json('  { "a" : [ 1 , 2 ] } '), '{"a":[1,2]}' -> '$.a', '{"a":[1,2]}' ->> '$.a[1]';

-- 7. dates (fixed, never 'now')
SELECT date('2026-12-05'), datetime(0, 'unixepoch'), datetime(253402300799, 'unixepoch'),
       julianday('2000-01-01 12:00:00'), strftime('%Y-%m-%d %H:%M:%f %j %w %s', '2038-01-19 03:14:08'),
       date('2024-02-29', '+1 year'), date('2026-01-31', '+1 month', 'start of month', '-1 day'),
       unixepoch('1970-01-02'), time('12:34:56.789', '+90 minutes'), datetime(2451545.0),
       strftime('%s', '9999-12-31 23:59:59'), datetime(-210866760000, 'unixepoch');

-- 8. more tables: text keys, WITHOUT ROWID, triggers, views, UPSERT, RETURNING, CTEs
CREATE TABLE kv(k TEXT PRIMARY KEY, v INTEGER, h BLOB) WITHOUT ROWID;
CREATE TABLE log(n INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT);
CREATE TRIGGER kv_ins AFTER INSERT ON kv BEGIN INSERT INTO log(what) VALUES ('ins ' || new.k); END;
CREATE VIEW kv_big AS SELECT k, v FROM kv WHERE v > 1000000000000;
INSERT INTO kv SELECT printf('%x', value * 2654435761), value * value * value * value, x''
  FROM generate_series(1, 3000);
INSERT INTO kv VALUES ('1', 1, NULL) ON CONFLICT(k) DO UPDATE SET v = v + excluded.v;
INSERT INTO kv VALUES ('1', 5, NULL) ON CONFLICT(k) DO UPDATE SET v = v + excluded.v RETURNING k, v;
SELECT count(*), sum(v % 1000003), min(k), max(k) FROM kv;
SELECT count(*), min(v), max(v) FROM kv_big;
SELECT count(*), max(n) FROM log;
UPDATE t SET a = a * 3, c = c || '!' WHERE id % 1000 = 1;
DELETE FROM t WHERE id % 3 = 0 AND id > 50000;
SELECT count(*), sum(a), sum(id) FROM t;
WITH RECURSIVE fib(n, x, y) AS (SELECT 1, 0, 1 UNION ALL SELECT n + 1, y, x + y FROM fib WHERE n < 92)
SELECT n, x FROM fib WHERE n % 15 = 0 OR n > 90;
WITH RECURSIVE c(x) AS (VALUES(1) UNION ALL SELECT x * 3 FROM c WHERE x < 1e18) SELECT count(*), max(x) FROM c;

-- 9. savepoints, rollback, vacuum and the file format
SAVEPOINT s1;
DELETE FROM t;
SELECT count(*) FROM t;
ROLLBACK TO s1;
RELEASE s1;
SELECT count(*) FROM t;
BEGIN; UPDATE t SET b = -b; ROLLBACK;
SELECT sum(b) FROM t;
VACUUM;
PRAGMA integrity_check;
PRAGMA page_count;
PRAGMA freelist_count;
SELECT name, pageno > 0, pgsize FROM dbstat WHERE name = 't' LIMIT 1;
SELECT count(*), sum(ncell), sum(payload) FROM dbstat;
SELECT hex(substr(data, 1, 32)) FROM sqlite_dbpage WHERE pgno = 1;
.sha3sum

-- 10. FTS4 and R*Tree (built in by configure)
CREATE VIRTUAL TABLE doc USING fts4(body);
INSERT INTO doc SELECT c || ' alpha ' || (CASE WHEN id % 2 THEN 'odd' ELSE 'even' END) || ' w' || (id % 10)
  FROM t WHERE id <= 5000;
SELECT count(*) FROM doc WHERE doc MATCH 'odd w3';
SELECT count(*) FROM doc WHERE doc MATCH 'even OR w5';
SELECT docid, snippet(doc) FROM doc WHERE doc MATCH 'row-00011*' ORDER BY docid LIMIT 3;
SELECT offsets(doc) FROM doc WHERE doc MATCH 'alpha w7' LIMIT 2;
CREATE VIRTUAL TABLE box USING rtree(id, x0, x1, y0, y1);
INSERT INTO box SELECT value, value % 100, value % 100 + 5, value / 100, value / 100 + 3 FROM generate_series(1, 5000);
SELECT count(*), sum(id) FROM box WHERE x0 <= 50 AND x1 >= 50 AND y0 <= 20 AND y1 >= 20;
CREATE VIRTUAL TABLE ibox USING rtree_i32(id, x0, x1);
INSERT INTO ibox VALUES (1, -2147483648, 2147483647), (2, 0, 10);
SELECT id, x0, x1 FROM ibox WHERE x0 < 5 ORDER BY id;

-- 11. shell extensions: decimal, ieee754, series, uint collation
SELECT decimal_add('9223372036854775807', '9223372036854775807'), decimal_mul('1.5', '-12345678901234567890');
SELECT decimal_sum(a) FROM t;
SELECT ieee754(2.0), ieee754(0.1), ieee754(-1.5e300), ieee754_mantissa(3.0), ieee754_exponent(3.0);
SELECT ieee754(4503599627370497, -52), ieee754_from_blob(x'3ff0000000000000'), hex(ieee754_to_blob(1.0));
SELECT group_concat(value) FROM generate_series(9223372036854775000, 9223372036854775010, 5);
WITH v(x) AS (VALUES('a10'),('a9'),('a100'),('b2')) SELECT group_concat(x) FROM (SELECT x FROM v ORDER BY x COLLATE uint);
SELECT typeof(x'00'), length(CAST(123456789012345 AS TEXT)), CAST(x'e282ac' AS TEXT);
.dump kv_big
.schema t
SELECT count(*) FROM t, u WHERE t.g = u.g AND t.a > 0 AND u.w < 3;
