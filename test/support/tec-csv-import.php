<?php
/**
 * `php tec-csv-import.php WP_DIR FILE.csv`: a file of events through The Events Calendar's own
 * CSV importer (the classes behind Events → Import → CSV), its header row taken as the column
 * map, as the administrator. Prints {"created": n, "updated": n, "skipped": [rows]}.
 */
$_SERVER['HTTP_HOST'] = 'localhost';
define('WP_ADMIN', true);
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
wp_set_current_user(1);
$reader = new Tribe__Events__Importer__File_Reader($argv[2]);
$importer = Tribe__Events__Importer__File_Importer::get_importer('events', $reader);
$importer->set_map($reader->get_header());
$importer->set_type('tribe_events');
$importer->set_limit(1000);
$importer->set_offset(1);
$importer->do_import();
echo json_encode([
    'created' => $importer->get_new_post_count(),
    'updated' => $importer->get_updated_post_count(),
    'skipped' => $importer->get_skipped_row_numbers(),
]), "\n";
