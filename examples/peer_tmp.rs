use sudoku_cli::PuzzleReader;
fn main() {
    for path in std::env::args().skip(1) {
        let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
        let mut n = 0;
        for record in PuzzleReader::new(file) {
            if let Ok(grid) = record.unwrap().puzzle {
                let p = peer_sudoku::Sudoku::from_bytes(*grid.cells()).unwrap();
                if p.some_solution().is_some() { n += 1; }
            }
        }
        println!("{path}: {n}");
    }
}
