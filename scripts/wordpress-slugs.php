<?php
/**
 * What WordPress's sanitize_title makes, asked of a real site (its locale en_US):
 *   php scripts/wordpress-slugs.php WP_DIR chars  > shared/text/wordpress-slug-chars.json
 *     every character from U+0080 to U+FFFF that does not come out as itself lower-cased
 *     (NFC), with what it becomes between two letters;
 *   php scripts/wordpress-slugs.php WP_DIR titles < titles.json > test/fixtures/slugs/wordpress-answers.json
 *     each title of a JSON list with its slug, percent-decoded.
 * WP_DIR is a site's WordPress folder (`site.sh start DIR` puts it at DIR/wp).
 */
$_SERVER['HTTP_HOST'] = 'localhost';
require $argv[1] . '/wp-load.php';
$out = [];
if ($argv[2] === 'chars') {
	for ($c = 0x80; $c <= 0xFFFF; $c++) {
		if ($c >= 0xD800 && $c <= 0xDFFF) continue;
		$ch = mb_chr($c, 'UTF-8');
		if ($ch === false) continue;
		$got = substr(urldecode(sanitize_title("a{$ch}b")), 1, -1);
		// A lone combining mark composes with the letter before it and is removed with it.
		if (!mb_check_encoding($got, 'UTF-8')) $got = '';
		if ($got !== mb_strtolower(Normalizer::normalize($ch), 'UTF-8')) $out[$ch] = $got;
	}
} else {
	foreach (json_decode(stream_get_contents(STDIN), true) as $title) $out[] = [$title, urldecode(sanitize_title($title))];
}
echo json_encode($out, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT), "\n";
