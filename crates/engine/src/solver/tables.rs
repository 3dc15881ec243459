//! Look-up tables of the engine, all computed at compile time.
//!
//! A band mask has 27 bits: bit `9 * row + column` for the band's rows 0-2 and columns 0-8. A
//! *minirow* is the three cells of one row inside one box; a *presence* matrix has bit
//! `3 * row + box` set when that minirow holds a candidate.

/// Bits of one band: 3 rows of 9 cells.
pub const BAND_BITS: u32 = 0x7FF_FFFF;
/// Bits of one row inside a band.
pub const ROW_BITS: u32 = 0x1FF;

/// The columns (bit `c` for column `c`) that hold any of `cells` of a band.
#[inline(always)]
pub const fn columns_of(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & ROW_BITS
}

/// Every cell of a band in `columns` (bit `c` for column `c`).
#[inline(always)]
pub const fn cells_in_columns(columns: u32) -> u32 {
    columns * (1 | 1 << 9 | 1 << 18)
}

/// The nine cells of the first stack (columns 1-3) inside a band.
pub const STACK_IN_BAND: u32 = 0o7007007;

/// How many of a band's `cells` lie in each of its three boxes, one byte per box (box 0 in the
/// lowest byte).
#[inline(always)]
pub fn count_per_box(cells: u32) -> u32 {
    ROW_COUNT_PER_BOX[(cells & ROW_BITS) as usize]
        + ROW_COUNT_PER_BOX[((cells >> 9) & ROW_BITS) as usize]
        + ROW_COUNT_PER_BOX[((cells >> 18) & ROW_BITS) as usize]
}

/// The three cells of minirow `index` (`3 * row + box`).
const fn minirow_cells(index: usize) -> u32 {
    0b111 << (9 * (index / 3) + 3 * (index % 3))
}

/// The cells of the row and of the box that meet in minirow `index` (`3 * row + box`): where a
/// digit placed in that minirow can go no more, but for its own cell.
const fn row_and_box_of_minirow(index: usize) -> u32 {
    ROW_BITS << (9 * (index / 3)) | cells_in_columns(0b111 << (3 * (index % 3)))
}

/// The presence matrix of a band mask: which minirows hold a candidate.
#[inline(always)]
pub fn presence(mask: u32) -> usize {
    // The masks keep every index in range without a bounds check.
    let presence = BOXES_OF_ROW[(mask & ROW_BITS) as usize]
        | BOXES_OF_ROW[((mask >> 9) & ROW_BITS) as usize] << 3
        | BOXES_OF_ROW[((mask >> 18) & ROW_BITS) as usize] << 6;
    usize::from(presence) & 0x1FF
}

/// For a 9-bit row field: bit `j` is set when box `j` of that row holds a candidate.
const BOXES_OF_ROW: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut row = 0;
    while row < 512 {
        let mut j = 0;
        while j < 3 {
            if row & (0b111 << (3 * j)) != 0 {
                table[row] |= 1 << j;
            }
            j += 1;
        }
        row += 1;
    }
    table
};

/// The six orders of three things: a digit's three rows (or columns) in a band's (or a
/// stack's) three boxes.
pub const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For a presence matrix, the cells of the minirows that lie in some placement of the digit
/// consistent with it: each of the three rows in a different box. Zero when there is none.
///
/// This one look-up is the band logic: hidden singles in rows and boxes, and locked candidates
/// (pointing and claiming) inside the band.
pub const BAND_PLACEMENTS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut presence = 0;
    while presence < 512 {
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let (mut cells, mut fits, mut row) = (0u32, true, 0);
            while row < 3 {
                let index = 3 * row + boxes[row];
                fits &= presence & (1 << index) != 0;
                cells |= minirow_cells(index);
                row += 1;
            }
            if fits {
                table[presence] |= cells;
            }
            p += 1;
        }
        presence += 1;
    }
    table
};

/// For a presence matrix, the cells of the minirows that the band logic leaves alone in their
/// row. Such a minirow is then also alone in its box, so when its box keeps a single column the
/// row is solved.
pub const SOLE_MINIROWS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut presence = 0;
    while presence < 512 {
        let allowed = BAND_PLACEMENTS[presence];
        let mut row = 0;
        while row < 3 {
            let (mut kept, mut count, mut j) = (0u32, 0, 0);
            while j < 3 {
                let cells = minirow_cells(3 * row + j);
                if allowed & cells != 0 {
                    kept = cells;
                    count += 1;
                }
                j += 1;
            }
            if count == 1 {
                table[presence] |= kept;
            }
            row += 1;
        }
        presence += 1;
    }
    table
};

/// For the columns (9 bits) where a digit can go inside a band: every cell of each column that
/// is the only one left to the digit in its box. The digit must go in that column inside this
/// band, so the other bands lose the column.
pub const SOLE_COLUMNS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut j = 0;
        while j < 3 {
            let in_box = columns & (0b111 << (3 * j));
            if in_box != 0 && in_box & (in_box - 1) == 0 {
                table[columns] |= cells_in_columns(in_box as u32);
            }
            j += 1;
        }
        columns += 1;
    }
    table
};

/// For a 9-bit row field: how many of its bits lie in each box, one byte per box.
const ROW_COUNT_PER_BOX: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut row = 0;
    while row < 512 {
        let mut j = 0;
        while j < 3 {
            table[row] |= ((row >> (3 * j)) & 0b111).count_ones() << (8 * j);
            j += 1;
        }
        row += 1;
    }
    table
};

/// For a presence matrix: the cells of every row and every box that holds one of its minirows.
/// Digits placed in those minirows leave them (but for their own cells).
pub const SEEN_FROM_MINIROWS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut presence = 0;
    while presence < 512 {
        let mut index = 0;
        while index < 9 {
            if presence & (1 << index) != 0 {
                table[presence] |= row_and_box_of_minirow(index);
            }
            index += 1;
        }
        presence += 1;
    }
    table
};

/// For each cell of a band: the cells that keep a digit placed there, the cell itself and every
/// cell outside its row and box.
pub const KEEP_WHEN_PLACED: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        let minirow = 3 * (cell / 9) + cell % 9 / 3;
        table[cell] = (BAND_BITS & !row_and_box_of_minirow(minirow)) | 1 << cell;
        cell += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_placements_need_a_permutation() {
        // Only the diagonal is present: exactly those three minirows survive.
        let diagonal = 1 | 1 << 4 | 1 << 8;
        assert_eq!(BAND_PLACEMENTS[diagonal], 0b111 | 0b111 << 12 | 0b111 << 24);
        // All three rows only in box 0: impossible.
        assert_eq!(BAND_PLACEMENTS[1 | 1 << 3 | 1 << 6], 0);
        assert_eq!(BAND_PLACEMENTS[511], BAND_BITS);
    }

    #[test]
    fn one_pass_of_the_band_logic_is_a_fixpoint() {
        for (presence, &allowed) in BAND_PLACEMENTS.iter().enumerate() {
            let kept = (0..9)
                .filter(|&i| presence & (1 << i) != 0)
                .filter(|&i| allowed & minirow_cells(i) != 0)
                .fold(0, |kept, i| kept | 1 << i);
            assert_eq!(BAND_PLACEMENTS[kept], allowed, "presence {presence:09b}");
        }
    }

    #[test]
    fn a_sole_minirow_is_alone_in_its_row_after_the_band_logic() {
        // Row 0 only in box 0, the others anywhere: row 0 keeps box 0 alone, and box 0 loses
        // rows 1 and 2.
        let presence = 0b111_111_001;
        assert_eq!(SOLE_MINIROWS[presence], 0b111);
        assert_eq!(BAND_PLACEMENTS[presence] & 0b111 << 9, 0);
        // Everything open: nothing is alone.
        assert_eq!(SOLE_MINIROWS[511], 0);
    }

    #[test]
    fn sole_columns_are_found_box_by_box() {
        // Column 1 alone in box 0; box 1 has two columns; column 8 alone in box 2.
        let columns = 0b100_011_010;
        assert_eq!(SOLE_COLUMNS[columns], cells_in_columns(0b100_000_010));
    }

    #[test]
    fn cells_are_counted_box_by_box() {
        // Box 0: r0c0, r2c2; box 1: nothing; box 2: r0c8, r1c6, r1c7.
        let cells = 1 | 1 << 8 | 1 << 15 | 1 << 16 | 1 << 20;
        assert_eq!(count_per_box(cells), 2 | 3 << 16);
        assert_eq!(count_per_box(BAND_BITS), 9 | 9 << 8 | 9 << 16);
    }

    #[test]
    fn placing_many_digits_at_once_clears_what_each_would() {
        // r0c1, r1c5 and r2c7: what one look-up clears is what three placements clear.
        let cells: u32 = 1 << 1 | 1 << 14 | 1 << 25;
        let one_by_one = [1, 14, 25]
            .iter()
            .fold(BAND_BITS, |mask, &cell| mask & KEEP_WHEN_PLACED[cell]);
        assert_eq!(
            !SEEN_FROM_MINIROWS[presence(cells)] & BAND_BITS | cells,
            one_by_one
        );
    }

    #[test]
    fn a_placed_digit_keeps_its_cell_and_what_it_does_not_see() {
        // r1c5 of the band (bit 13): row 1 and box 1 are cleared, the cell kept.
        let keep = KEEP_WHEN_PLACED[13];
        assert_eq!(keep & 1 << 13, 1 << 13);
        assert_eq!(keep & ROW_BITS << 9, 1 << 13);
        assert_eq!(keep & cells_in_columns(0b111_000), 1 << 13);
        assert_eq!(keep.count_ones(), 1 + 27 - 9 - 6);
    }
}
