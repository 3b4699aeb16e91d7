//! KP lords against kpastro 0.3.3 (`fixtures/kp/cases.json`, written by
//! `fixtures/kp/generate.py`): for 32 births, the nine grahas and twelve Placidus cusps with the
//! KP ayanamsa, each longitude's sign, star, sub and sub-sub lords. The lords depend on the
//! longitude alone, so the core is given kpastro's longitudes. kpastro's own sub-sub lord
//! starts its sequence at the wrong lord (named in the generator and docs/VEDIC.md); Orrery
//! must equal the sub-sub lord of kpastro's tables started at the sub lord everywhere, and
//! kpastro's own value in the stars of Ketu, where the two agree.

mod common;

use common::num;
use orrery_astro::angle::Longitude;
use orrery_astro::techniques::vedic::Graha;
use orrery_astro::techniques::vedic::kp::kp_lords;

#[test]
fn kpastros_lords_of_every_graha_and_cusp() {
    let fixture = common::fixture("kp/cases.json");
    assert_eq!(fixture["reference"], "kpastro 0.3.3");
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 30);
    let (mut compared, mut kpastros_own) = (0, 0);
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let near = case["near_boundary"].as_array().unwrap();
        for p in case["points"].as_array().unwrap() {
            if near.contains(&p["point"]) {
                continue;
            }
            let at = format!("{label} {}", p["point"]);
            let lords = kp_lords(Longitude::new(num(&p["longitude"])).unwrap());
            assert_eq!(lords.sign_lord.name(), p["sign_lord"], "{at}");
            assert_eq!(lords.star_lord.name(), p["star_lord"], "{at}");
            assert_eq!(lords.sub_lord.name(), p["sub_lord"], "{at}");
            assert_eq!(
                lords.sub_sub_lord.name(),
                p["sub_sub_lord_from_sub"],
                "{at}"
            );
            if lords.star_lord == Graha::Ketu {
                assert_eq!(lords.sub_sub_lord.name(), p["sub_sub_lord"], "{at}");
                kpastros_own += 1;
            }
            compared += 1;
        }
    }
    eprintln!("kp lords vs kpastro 0.3.3: {compared} points, {kpastros_own} in Ketu's stars");
    assert!(
        compared >= 600 && kpastros_own >= 30,
        "{compared} {kpastros_own}"
    );
}
