use super::*;

/// FAT12 entry `n` of `fat`.
fn entry(fat: &[u8], n: usize) -> u16 {
    let at = n * 3 / 2;
    let v = u16::from(fat[at]) | u16::from(fat[at + 1]) << 8;
    if n % 2 == 0 { v & 0x0FFF } else { v >> 4 }
}

/// The files of an image's root folder, read back by following the FAT as TOS does: name,
/// contents; and the free clusters.
fn read_back(disk: &[u8]) -> (Vec<(String, Vec<u8>)>, usize) {
    let word = |at: usize| usize::from(u16::from_le_bytes([disk[at], disk[at + 1]]));
    let (bps, spc, reserved, fats, roots, spf) =
        (word(0x0B), usize::from(disk[0x0D]), word(0x0E), usize::from(disk[0x10]), word(0x11), word(0x16));
    assert_eq!(word(0x13) * bps, disk.len(), "the sector count is the image's size");
    let fat = &disk[reserved * bps..(reserved + spf) * bps];
    assert_eq!(fat, &disk[(reserved + spf) * bps..(reserved + 2 * spf) * bps], "both FATs alike");
    let root = (reserved + fats * spf) * bps;
    let data = root + roots * 32;
    let mut files = vec![];
    for k in 0..roots {
        let e = &disk[root + 32 * k..root + 32 * k + 32];
        if e[0] == 0 {
            break;
        }
        let name = String::from_utf8_lossy(&e[..8]).trim_end().to_string();
        let ext = String::from_utf8_lossy(&e[8..11]).trim_end().to_string();
        let size = u32::from_le_bytes([e[28], e[29], e[30], e[31]]) as usize;
        let mut bytes = vec![];
        let mut c = usize::from(u16::from_le_bytes([e[26], e[27]]));
        while (2..0xFF8).contains(&c) {
            let at = data + (c - 2) * spc * bps;
            bytes.extend_from_slice(&disk[at..at + spc * bps]);
            c = usize::from(entry(fat, c));
        }
        bytes.truncate(size);
        files.push((format!("{name}.{ext}"), bytes));
    }
    let clusters = (disk.len() - data) / (spc * bps);
    let free = (2..clusters + 2).filter(|&c| entry(fat, c) == 0).count();
    (files, free)
}

#[test]
fn an_image_holds_its_files_as_tos_reads_them() {
    let rule: Vec<u8> = (0..5000u32).map(|i| (i * 7 + i / 251) as u8).collect();
    let big = vec![0xA5u8; CLUSTER * 3 + 1];
    let disk = image(&[("tetrhex.rul", &rule), ("MODE.TXT", b"full"), ("FILLER.DAT", &big), ("EMPTY", b"")]).unwrap();
    assert_eq!(disk.len(), 737_280, "720 KB");
    let (files, free) = read_back(&disk);
    let names: Vec<&str> = files.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(names, ["TETRHEX.RUL", "MODE.TXT", "FILLER.DAT", "EMPTY."]);
    assert!(files[0].1 == rule && files[1].1 == b"full" && files[2].1 == big && files[3].1.is_empty());
    assert_eq!(CLUSTERS, 711);
    assert_eq!(free, CLUSTERS - clusters_for(rule.len()) - 1 - 4);
    assert_eq!(&disk[0x15..0x16], [0xF9], "media byte");
    // A disk filled to its last cluster, and one more byte than it holds.
    let all = vec![1u8; CLUSTERS * CLUSTER];
    assert_eq!(read_back(&image(&[("ALL.DAT", &all)]).unwrap()).1, 0);
    assert!(image(&[("ALL.DAT", &all), ("ONE", b"x")]).is_err());
    // Names that are not 8.3.
    assert!(image(&[("TOOLONGNAME.RUL", b"x")]).is_err());
    assert!(image(&[("A.RULE", b"x")]).is_err());
    assert!(image(&[(".RUL", b"x")]).is_err());
}
