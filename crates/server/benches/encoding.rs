//! What compressing an answer costs on the compute lane (`encoding.rs`): a chart answer of the
//! light lane (the stored radix example, 19 KB), in Brotli and gzip at the service's settings.
//! (A long series made by repeating an answer would flatter both codings: repeats are free.)
//!
//!   cargo bench -p orrery-server --bench encoding

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use orrery_server::encoding::{ContentCoding, compress};

/// The stored answer of a playground example, by its key.
fn stored_answer(key: &str) -> Vec<u8> {
    let answers: serde_json::Value =
        serde_json::from_str(orrery_server::openapi::EXAMPLE_ANSWERS).expect("stored answers");
    serde_json::to_vec(&answers[key]).expect("an answer")
}

fn encoding(c: &mut Criterion) {
    let chart = stored_answer("POST /v1/radix");
    let mut group = c.benchmark_group("compress");
    for (label, answer) in [("radix_answer", &chart)] {
        group.throughput(Throughput::Bytes(answer.len() as u64));
        for coding in [ContentCoding::Brotli, ContentCoding::Gzip] {
            group.bench_function(format!("{label}/{}", coding.token()), |b| {
                b.iter(|| compress(coding, answer).expect("compresses"));
            });
        }
        for coding in [ContentCoding::Brotli, ContentCoding::Gzip] {
            let packed = compress(coding, answer).expect("compresses");
            eprintln!(
                "{label}: {} bytes, {}: {} bytes ({:.1}x)",
                answer.len(),
                coding.token(),
                packed.len(),
                answer.len() as f64 / packed.len() as f64
            );
        }
    }
    group.finish();
}

criterion_group!(benches, encoding);
criterion_main!(benches);
