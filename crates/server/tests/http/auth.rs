use crate::support::{TestApp, assert_error};

#[tokio::test]
async fn every_kind_of_bad_key_is_401() {
    let app = TestApp::spawn().await;
    let missing = app.get("/v1/me").send().await.unwrap();
    assert!(
        assert_error(missing, 401, "unauthorized")
            .await
            .contains("missing")
    );

    let unknown = app
        .get("/v1/me")
        .header("X-API-Key", "some-key-we-never-issued")
        .send()
        .await
        .unwrap();
    assert!(
        assert_error(unknown, 401, "unauthorized")
            .await
            .contains("unknown or revoked")
    );

    let mut typo = app.key_with_limit(100).await;
    typo.replace_range(10..11, if &typo[10..11] == "x" { "y" } else { "x" });
    let typo = app
        .get("/v1/me")
        .header("X-API-Key", typo)
        .send()
        .await
        .unwrap();
    assert!(
        assert_error(typo, 401, "unauthorized")
            .await
            .contains("checksum")
    );

    let key = app.key_with_limit(100).await;
    let id = app.database.list_keys().await.unwrap()[0].key_id;
    app.database.revoke_key(id, 1).await.unwrap();
    let revoked = app
        .get("/v1/me")
        .header("X-API-Key", &key)
        .send()
        .await
        .unwrap();
    assert_error(revoked, 401, "unauthorized").await;

    let not_ascii = app
        .get("/v1/me")
        .header(
            "X-API-Key",
            reqwest::header::HeaderValue::from_bytes(b"caf\xe9").unwrap(),
        )
        .send()
        .await
        .unwrap();
    assert_error(not_ascii, 401, "unauthorized").await;
    app.cleanup().await;
}

#[tokio::test]
async fn the_key_is_never_in_the_database_in_clear() {
    let app = TestApp::spawn().await;
    let key = app.key_with_limit(100).await;
    let listed = app.database.list_keys().await.unwrap();
    assert!(listed.iter().all(|k| k.prefix.len() < key.len() / 2));
    let path = app.database_url.trim_start_matches("sqlite://").to_owned();
    let needle = key.as_bytes();
    for file in [path.clone(), format!("{path}-wal")] {
        let raw = std::fs::read(&file).unwrap_or_default();
        assert!(!raw.windows(needle.len()).any(|w| w == needle), "{file}");
    }
    app.cleanup().await;
}
