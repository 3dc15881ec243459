use std::io::BufRead;
use sudoku_engine::sized::{Shape, SizedGrid, count_solutions};
fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let (grid, _) = SizedGrid::parse(&line, Some(Shape::new(3, 3).unwrap()), None).unwrap();
        let t = std::time::Instant::now();
        let c = count_solutions(&grid, 2);
        println!("{} {:?}", c.found, t.elapsed());
    }
}
