//! Floppy disk images for Hatari's drive A: (`--disk-a`): a 720 KB double-sided disk in the
//! `.ST` layout (80 tracks, 2 sides, 9 sectors of 512 bytes a track, the sectors one after
//! the other), formatted FAT12 as TOS formats it (2 sectors a cluster, 2 FATs of 5 sectors,
//! 112 root entries), holding files in its root folder. The rule-disk tests put TETRHEX's
//! rule file on one, then make the disk write-protected or full, so that the faults are the
//! floppy's own under EmuTOS.

/// Bytes a sector.
const SECTOR: usize = 512;
/// Sectors on the disk: 80 tracks × 2 sides × 9.
const SECTORS: usize = 1440;
/// Sectors a cluster.
const CLUSTER_SECTORS: usize = 2;
/// Bytes a cluster.
pub const CLUSTER: usize = CLUSTER_SECTORS * SECTOR;
/// Sectors of one FAT.
const FAT_SECTORS: usize = 5;
/// Entries of the root folder (32 bytes each: 7 sectors).
const ROOT_ENTRIES: usize = 112;
/// The first sector of the root folder: after the boot sector and the two FATs.
const ROOT_SECTOR: usize = 1 + 2 * FAT_SECTORS;
/// The first sector of cluster 2, the first data cluster.
const DATA_SECTOR: usize = ROOT_SECTOR + ROOT_ENTRIES * 32 / SECTOR;
/// Data clusters on the disk (numbered from 2).
pub const CLUSTERS: usize = (SECTORS - DATA_SECTOR) / CLUSTER_SECTORS;

/// Clusters a file of `len` bytes takes.
pub fn clusters_for(len: usize) -> usize {
    len.div_ceil(CLUSTER)
}

/// Writes FAT12 entry `n` as `value` into `fat`.
fn set_entry(fat: &mut [u8], n: usize, value: u16) {
    let at = n * 3 / 2;
    if n % 2 == 0 {
        fat[at] = value as u8;
        fat[at + 1] = (fat[at + 1] & 0xF0) | ((value >> 8) as u8 & 0x0F);
    } else {
        fat[at] = (fat[at] & 0x0F) | ((value as u8 & 0x0F) << 4);
        fat[at + 1] = (value >> 4) as u8;
    }
}

/// An 8.3 name (`TETRHEX.RUL`) as a folder entry writes it: upper case, blank-padded.
fn short_name(name: &str) -> Result<[u8; 11], String> {
    let (stem, ext) = name.split_once('.').unwrap_or((name, ""));
    if stem.is_empty() || stem.len() > 8 || ext.len() > 3 || !name.is_ascii() {
        return Err(format!("{name}: not an 8.3 name"));
    }
    let mut out = [b' '; 11];
    out[..stem.len()].copy_from_slice(stem.to_ascii_uppercase().as_bytes());
    out[8..8 + ext.len()].copy_from_slice(ext.to_ascii_uppercase().as_bytes());
    Ok(out)
}

/// A formatted disk image holding `files` (name, contents) in its root folder, each in
/// consecutive clusters, in order.
pub fn image(files: &[(&str, &[u8])]) -> Result<Vec<u8>, String> {
    let mut disk = vec![0u8; SECTORS * SECTOR];
    // The boot sector's BIOS parameter block (little-endian, as TOS's Getbpb reads it): a
    // BRA.S over it, a serial number, then the geometry.
    let boot = &mut disk[..SECTOR];
    boot[0] = 0x60;
    boot[1] = 0x1C;
    boot[8..11].copy_from_slice(&[0x46, 0x50, 0x31]);
    let words: [(usize, u16); 8] = [
        (0x0B, SECTOR as u16),
        (0x0E, 1),
        (0x11, ROOT_ENTRIES as u16),
        (0x13, SECTORS as u16),
        (0x16, FAT_SECTORS as u16),
        (0x18, 9),
        (0x1A, 2),
        (0x1C, 0),
    ];
    for (at, v) in words {
        boot[at..at + 2].copy_from_slice(&v.to_le_bytes());
    }
    boot[0x0D] = CLUSTER_SECTORS as u8;
    boot[0x10] = 2;
    boot[0x15] = 0xF9;
    let mut fat = vec![0u8; FAT_SECTORS * SECTOR];
    set_entry(&mut fat, 0, 0xFF9);
    set_entry(&mut fat, 1, 0xFFF);
    if files.len() > ROOT_ENTRIES {
        return Err(format!("{} files: the root folder holds {ROOT_ENTRIES}", files.len()));
    }
    let mut next = 2;
    for (k, (name, data)) in files.iter().enumerate() {
        let n = clusters_for(data.len());
        if next + n > CLUSTERS + 2 {
            return Err(format!("{name}: the disk is full"));
        }
        let first = if n == 0 { 0 } else { next };
        for c in next..next + n {
            set_entry(&mut fat, c, if c + 1 == next + n { 0xFFF } else { (c + 1) as u16 });
        }
        let at = (DATA_SECTOR + (next - 2) * CLUSTER_SECTORS) * SECTOR;
        disk[at..at + data.len()].copy_from_slice(data);
        let entry = &mut disk[ROOT_SECTOR * SECTOR + 32 * k..][..32];
        entry[..11].copy_from_slice(&short_name(name)?);
        entry[11] = 0x20;
        // 1 January 2026, noon (the GEMDOS/DOS packed time and date).
        entry[22..24].copy_from_slice(&(12u16 << 11).to_le_bytes());
        entry[24..26].copy_from_slice(&(((2026 - 1980) << 9 | 1 << 5 | 1) as u16).to_le_bytes());
        entry[26..28].copy_from_slice(&(first as u16).to_le_bytes());
        entry[28..32].copy_from_slice(&(data.len() as u32).to_le_bytes());
        next += n;
    }
    for copy in 0..2 {
        let at = (1 + copy * FAT_SECTORS) * SECTOR;
        disk[at..at + fat.len()].copy_from_slice(&fat);
    }
    Ok(disk)
}

#[cfg(test)]
mod tests;
